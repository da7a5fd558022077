import { useRef } from 'react';
import { MIN_HEIGHT, maxHeight, type PanelDock } from './panel-layout.js';

/** One arrow key press; with Shift, four. */
const KEY_STEP = 16;

interface ResizeHandleProps {
  dock: PanelDock;
  height: number;
  onResize: (height: number) => void;
}

/**
 * The docked panel's edge toward the page, as a window splitter: dragged with a pointer, or focused and
 * moved with the arrow keys (Home and End for the smallest and the largest). The keys move the edge
 * where the arrow points, whichever side the panel is docked to.
 */
export function ResizeHandle({ dock, height, onResize }: ResizeHandleProps) {
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  // Dragging the edge up grows a panel docked at the bottom and shrinks one docked at the top.
  const growthDown = dock === 'top' ? 1 : -1;
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize auth devtools"
      aria-valuemin={MIN_HEIGHT}
      // No window in a server render (a panel open at first render): the value comes with the client's.
      aria-valuemax={typeof window === 'undefined' ? undefined : maxHeight()}
      aria-valuenow={height}
      tabIndex={0}
      className="gjad-resize"
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { startY: event.clientY, startHeight: height };
      }}
      onPointerMove={(event) => {
        if (drag.current === null) return;
        onResize(drag.current.startHeight + growthDown * (event.clientY - drag.current.startY));
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
      onKeyDown={(event) => {
        const step = event.shiftKey ? 4 * KEY_STEP : KEY_STEP;
        const next =
          event.key === 'ArrowDown'
            ? height + growthDown * step
            : event.key === 'ArrowUp'
              ? height - growthDown * step
              : event.key === 'Home'
                ? MIN_HEIGHT
                : event.key === 'End'
                  ? maxHeight()
                  : null;
        if (next === null) return;
        event.preventDefault();
        onResize(next);
      }}
    />
  );
}
