import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthEvent } from 'graphql-jwt-auth-react/core';
import { clientFor, startService } from '../support/fixtures.js';

// The entry reads NODE_ENV when it loads, as a bundler's replacement would: set before the import.
vi.stubEnv('NODE_ENV', 'development');
let devtools: typeof import('graphql-jwt-auth-react/devtools');
beforeAll(async () => {
  devtools = await import('graphql-jwt-auth-react/devtools');
});

const timeline = () => screen.getByRole('img', { name: /^Token timeline/ });
const laneTags = () => [...timeline().querySelectorAll<SVGGElement>('[data-token]')].map((lane) => lane.dataset.token);

interface Box {
  text: string;
  kind: 'lane' | 'tick';
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Each label's box from its attributes: the timeline draws in a monospace font, a character 0.6 em
 * wide, the text centred (ticks) or ending (lanes) at x, its baseline at y.
 */
function labelBoxes(svg: Element): Box[] {
  const size = Number(svg.getAttribute('font-size'));
  return [...svg.querySelectorAll('text')].map((text) => {
    const x = Number(text.getAttribute('x'));
    const y = Number(text.getAttribute('y'));
    const width = text.textContent.length * 0.6 * size;
    const kind = text.getAttribute('text-anchor') === 'end' ? 'lane' : 'tick';
    const left = kind === 'lane' ? x - width : x - width / 2;
    return { text: text.textContent, kind, left, right: left + width, top: y - size, bottom: y };
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function overlapping(boxes: Box[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1)) if (overlaps(a, b)) found.push(`${a.text} / ${b.text}`);
  });
  return found;
}

describe('the devtools token timeline', () => {
  it('draws the last 4 tokens however many the client held, and keeps its height', async () => {
    const running = await startService();
    const client = clientFor(running);
    const events: AuthEvent[] = [];
    client.onEvent((event) => events.push(event));
    render(<devtools.AuthDevtoolsPanel client={client} />);
    await act(() => client.getToken());
    const height = timeline().getAttribute('viewBox');

    for (let i = 0; i < 10; i++) await act(() => client.refresh());

    expect(running.service.authCalls).toHaveLength(11);
    const issued = events.flatMap((event) => (event.type === 'exchange-end' && event.ok ? [event.tokenTag] : []));
    expect(issued).toHaveLength(11);
    expect(laneTags()).toEqual(issued.slice(-4));
    expect(timeline().getAttribute('aria-label')).toBe('Token timeline: 4 of 11 tokens · 0 expired · 0 retried');
    // Each earlier token was replaced by refresh() while still good: a diamond on every lane but the last.
    expect([...timeline().querySelectorAll<SVGGElement>('[data-token]')].map((lane) => lane.dataset.renewedEarly)).toEqual(['true', 'true', 'true', 'false']);
    expect(timeline().getAttribute('viewBox')).toBe(height);
  });

  it('lays its labels out so none overlaps another, over a window of milliseconds and of an hour', async () => {
    for (const tokenLifetimeSec of [1, 3600]) {
      const running = await startService({ tokenLifetimeSec });
      const client = clientFor(running);
      const { unmount } = render(<devtools.AuthDevtoolsPanel client={client} />);
      await act(() => client.getToken());
      for (let i = 0; i < 5; i++) await act(() => client.refresh());

      const boxes = labelBoxes(timeline());
      // Four token tags and at least two ticks, all inside the picture.
      expect(boxes.filter((box) => box.kind === 'lane').map((box) => box.text)).toEqual(laneTags());
      expect(laneTags()).toHaveLength(4);
      expect(boxes.filter((box) => box.kind === 'tick' && /^(now|[−+][\d.:]+( s| h)?)$/.test(box.text)).length).toBeGreaterThanOrEqual(2);
      const width = Number(timeline().getAttribute('viewBox')?.split(' ')[2]);
      expect(boxes.filter((box) => box.left < 0 || box.right > width)).toEqual([]);
      expect(overlapping(boxes)).toEqual([]);
      unmount();
    }
  });
});
