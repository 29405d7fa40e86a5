// Linted where it is: a and b import each other.
import { a } from './a';

export const b = (): number => (a.length > 0 ? 0 : 1);
