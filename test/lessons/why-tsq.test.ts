import { describe } from 'vitest';
import { lessonSteps } from './run-lesson';

describe('lesson why-tsq', () => lessonSteps('why-tsq'));
