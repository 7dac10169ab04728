// Kill matrix, first half of the faults (see test/runners/kill-matrix.ts).
import { killMatrix } from '../runners/kill-matrix.ts';

killMatrix(0, 2);
