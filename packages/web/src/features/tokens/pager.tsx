// The pager moved to the kit (every list shares it); kept importable from here.
export { Pager } from '../../kit/pager';
