import { describe } from 'vitest';
import { lessonSteps } from './run-lesson';

describe('lesson wifi-budget', () => lessonSteps('wifi-budget'));
