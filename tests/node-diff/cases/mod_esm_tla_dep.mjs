// A dependency with top-level await finishes before the importer's body.
import { value } from './lib/esm_tla.mjs';
console.log('main body', value);
