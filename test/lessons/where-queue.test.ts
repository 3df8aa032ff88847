import { describe } from 'vitest';
import { lessonSteps } from './run-lesson';

describe('lesson where-queue', () => lessonSteps('where-queue'));
