import type { ServerLogger } from './options.js';
import { printable } from './printable.js';

/**
 * The longest log line the handlers write, in characters before escaping: room for any line of
 * their own (a URL and a socket's error, the configured regions), not for a value that came from a
 * request (a region an app read from a header, 15 KB of it).
 */
export const MAX_LOG_LINE = 1000;

/**
 * The handlers' logger (the app's, or console), through which every line they write goes: each
 * line made printable, whatever value reached it (a resolver's region, an upstream's error message,
 * a cache's error name), so no line can be forged, carry a terminal escape or run to kilobytes.
 * Read from the options here and nowhere else, so no line can go out around it.
 */
export function serverLogger(options: { logger?: ServerLogger | undefined }): ServerLogger {
  const logger = options.logger ?? console;
  // Called as methods: a logger's warn may rely on `this`.
  return {
    warn: (message) => {
      logger.warn(printable(message, MAX_LOG_LINE));
    },
    error: (message) => {
      logger.error(printable(message, MAX_LOG_LINE));
    },
  };
}
