import { describe } from 'vitest';
import { lessonSteps } from './run-lesson';

describe('lesson late-completions', () => lessonSteps('late-completions'));
