// What both Chromium runs of the stories (the static build and `storybook dev`) read off a page.

export interface StoryEvent {
  type: string;
  args: unknown[];
}

/**
 * Records Storybook's own reports (render phases, play exceptions, "story finished") the moment the
 * preview installs its channel, so no event can slip by before we listen.
 */
export const RECORD_STORYBOOK_EVENTS = `(() => {
  const events = (window.__storyEvents = []);
  let slot;
  Object.defineProperty(globalThis, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => slot,
    set(channel) {
      slot = channel;
      if (!channel || channel.__recorded) return;
      channel.__recorded = true;
      for (const type of ['storyRenderPhaseChanged', 'playFunctionThrewException', 'storyThrewException',
        'storyErrored', 'storyMissing', 'unhandledErrorsWhilePlaying', 'storyFinished']) {
        channel.on(type, (...args) => events.push({ type, args: JSON.parse(JSON.stringify(args)) }));
      }
    },
  });
})();`;

/**
 * Chromium logs every non-2xx response as "Failed to load resource", a console error, and a network
 * error as "Failed to load resource: net::ERR_FAILED". From the demo service (stories/demo/services.ts,
 * baseUrlFor) the 401s and 503s, and the network error of the CORS-less 401 story, are what the
 * stories demonstrate, and their play functions assert each one; /favicon.ico is Chromium's own
 * request (Storybook ships an SVG icon). From anywhere else such a line still fails the run, as does
 * every console.error the page itself makes.
 */
export function isDemonstratedAnswer(text: string, url: string): boolean {
  const failedLoad = text.startsWith('Failed to load resource: the server responded with a status of') || text === 'Failed to load resource: net::ERR_FAILED';
  return failedLoad && (/^https:\/\/[a-z]+\.api\.demo\.test\//.test(url) || url.endsWith('/favicon.ico'));
}
