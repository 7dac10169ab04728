// Choice matrix, even half of the choices (see test/runners/choice-matrix.ts).
import { choiceMatrix } from '../runners/choice-matrix.ts';

choiceMatrix(0);
