import { describe } from 'vitest';
import { lessonSteps } from './run-lesson';

describe('lesson gso-cpu', () => lessonSteps('gso-cpu'));
