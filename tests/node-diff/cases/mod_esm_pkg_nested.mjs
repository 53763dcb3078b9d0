// node_modules lookup walks up from the importing file's directory: the
// nearest node_modules wins; 'x' and 'node:x' built-ins are one module.
import { where } from 'shadow-pkg';
import { inner, walked } from './lib/esm_shadow_user.mjs';
import * as ev1 from 'events';
import * as ev2 from 'node:events';
import EventEmitter, { EventEmitter as Named } from 'node:events';
console.log(where, '|', inner, '|', walked);
console.log(ev1 === ev2, EventEmitter === Named, typeof EventEmitter);
