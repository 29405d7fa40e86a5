// Linted where it is: a and b import each other.
import { b } from './b';

export const a = (): number => b() + 1;
