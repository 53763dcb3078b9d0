// "type": "module" makes a package's .js files ES modules; scoped package
// names (@scope/name) with a conditions-only "exports" object.
import def, { isEsm } from 'type-module-pkg';
import { scoped } from '@scope/scoped';
console.log(def, isEsm);
console.log(scoped);
