import { describe } from 'vitest';
import { lessonSteps } from './run-lesson';

describe('lesson udp-flood', () => lessonSteps('udp-flood'));
