import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ReactQueryDevtools } from '@tanstack/react-query-devtools/production';
import { type ReactNode, useState } from 'react';
import { AuthProvider, type AuthProviderProps, type AutoRegion } from '../../src/index.js';
// The production entry: Storybook builds with NODE_ENV=production, where the default entry renders nothing.
import { AuthDevtoolsPanel } from '../../src/devtools/production.js';
import { ClockContext, DemoContext } from './demo-context.ts';
import { RequestLog } from './RequestLog.tsx';
import { DEMO_API_KEY, type DemoServices } from './services.ts';
import { ServiceControls } from './ServiceControls.tsx';
import { TokenPanel } from './TokenPanel.tsx';
import './demo.css';

export interface DemoFrameProps {
  demo: DemoServices;
  title: string;
  /** What the story shows, in a sentence or two. */
  description: string;
  apiKey?: string;
  region?: string | AutoRegion;
  /** Shows a field to enter another API key. */
  keyForm?: boolean;
  /** Shows a button per configured region. */
  regionSwitch?: boolean;
  /** More provider options, for the stories about them (tabSync, persist, …). */
  provider?: Pick<AuthProviderProps, 'tabSync' | 'persist' | 'renewOnWake' | 'subscriptions'>;
  /** The app's clock, for the stories that move it (sleep, skew); default Date.now. */
  clock?: () => number;
  /** React Query's refetch when the page becomes visible again; off in the other stories. */
  refetchOnWindowFocus?: boolean;
  /** The app across the whole width, the panels below it: for apps with panes of their own. */
  wide?: boolean;
  children: ReactNode;
}

function ApiKeyForm({ onSubmit }: { onSubmit: (key: string) => void }) {
  const [draft, setDraft] = useState('');
  return (
    <form
      className="key-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draft);
      }}
    >
      <label>
        API key{' '}
        <input
          value={draft}
          placeholder={DEMO_API_KEY}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
        />
      </label>{' '}
      <button type="submit">Use this key</button>
    </form>
  );
}

function RegionSwitch({ regions, region, onSwitch }: { regions: string[]; region: string; onSwitch: (r: string) => void }) {
  return (
    <div className="region-switch" role="group" aria-label="Region">
      Region:{' '}
      {regions.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={name === region}
          onClick={() => {
            onSwitch(name);
          }}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

/**
 * One story's page: the demo app on the left; the token panel, the service's knobs, and side by side
 * the client's events (the shipped devtools panel, with its token timeline) and the request log (the
 * service's view) on the right; React Query Devtools in the corner. A fresh QueryClient per story.
 */
export function DemoFrame({
  demo,
  title,
  description,
  keyForm = false,
  regionSwitch = false,
  clock = Date.now,
  refetchOnWindowFocus = false,
  wide = false,
  ...props
}: DemoFrameProps) {
  const [apiKey, setApiKey] = useState(props.apiKey ?? DEMO_API_KEY);
  const [region, setRegion] = useState<string | AutoRegion>(props.region ?? Object.keys(demo.regions)[0] ?? 'us');
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retryDelay: demo.retryDelayMs, refetchOnWindowFocus } },
      }),
  );
  return (
    <DemoContext.Provider value={demo}>
      <ClockContext.Provider value={clock}>
        <QueryClientProvider client={queryClient}>
          <AuthProvider apiKey={apiKey} region={region} regions={demo.regions} queryClient={queryClient} now={clock} {...props.provider}>
            <div className={wide ? 'demo demo-wide' : 'demo'}>
              <main className="demo-app">
                <h1>{title}</h1>
                <p className="description">{description}</p>
                {regionSwitch && (
                  <RegionSwitch regions={Object.keys(demo.regions)} region={typeof region === 'string' ? region : region.kind} onSwitch={setRegion} />
                )}
                {keyForm && <ApiKeyForm onSubmit={setApiKey} />}
                {props.children}
              </main>
              <aside className="demo-panels">
                <div className="demo-panels-side">
                  <TokenPanel />
                  <ServiceControls />
                </div>
                {/* The client's view (the shipped panel, as an app embeds it) beside the service's own log. */}
                <div className="demo-views">
                  <section className="panel client-events" aria-label="Client events">
                    <h2>Client events (AuthDevtoolsPanel)</h2>
                    <AuthDevtoolsPanel />
                  </section>
                  <RequestLog />
                </div>
              </aside>
            </div>
            {/* A wide page scrolls: a button fixed to the corner would sit on the panels, so it goes below them. */}
            <ReactQueryDevtools initialIsOpen={false} buttonPosition={wide ? 'relative' : 'bottom-left'} />
          </AuthProvider>
        </QueryClientProvider>
      </ClockContext.Provider>
    </DemoContext.Provider>
  );
}
