// The list pager, offered to screens that page a list of their own (a tag's channels) without reaching
// into another feature's folder.
export { Pager } from '../features/tokens/pager';
