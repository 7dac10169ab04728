// Kill matrix, second half of the faults (see test/runners/kill-matrix.ts).
import { killMatrix } from '../runners/kill-matrix.ts';

killMatrix(1, 2);
