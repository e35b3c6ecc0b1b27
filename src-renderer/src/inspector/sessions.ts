/** Which chat a memory session belongs to: the one rule main uses too (src-shared/session-ids.ts). */
export { chatIdOfSession, parseSessionId } from '../../../src-shared/session-ids';
