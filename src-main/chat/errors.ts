/** Errors of the chat itself (a chat or message that does not exist, a reply still running): not memory errors. */
import { AppError, type AppErrorOptions } from '../../src-shared/errors';

export type ChatErrorCode = 'not_found' | 'conflict' | 'invalid_input';

export class ChatError extends AppError<ChatErrorCode> {
  constructor(code: ChatErrorCode, message: string, options?: AppErrorOptions) {
    super(code, message, options);
    this.name = 'ChatError';
  }
}

export const chatNotFound = (what: string, id: string): ChatError => new ChatError('not_found', `${what} ${JSON.stringify(id)} does not exist`);
