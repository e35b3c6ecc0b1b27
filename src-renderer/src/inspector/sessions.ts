/** Which chat a memory session belongs to: one rule, shared with the main process. */
export { chatIdOfSession } from '../../../src-shared/chat-types';
