// The JSON depth rule lives in src/shared/json-depth.ts (the web shell's frames use it too).
export { MAX_JSON_DEPTH, nestedTooDeep } from '../../shared/json-depth'
