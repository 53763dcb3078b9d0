// Importing a name that the module does not export is a SyntaxError at link
// time: nothing runs, exit 1.
import { doesNotExist } from './lib/esm_math.mjs';
console.log('NEVER', doesNotExist);
