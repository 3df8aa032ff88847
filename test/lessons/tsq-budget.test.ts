import { describe } from 'vitest';
import { lessonSteps } from './run-lesson';

describe('lesson tsq-budget', () => lessonSteps('tsq-budget'));
