// Kill matrix, second half of the faults (see test/support/kill-matrix.ts).
import { killMatrix } from './support/kill-matrix.ts';

killMatrix(1);
