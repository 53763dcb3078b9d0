import { where } from 'shadow-pkg';
import { name } from 'main-pkg';
export const inner = where;
export const walked = name;
