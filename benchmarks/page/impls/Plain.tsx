import { useLayoutEffect, useRef } from 'react';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

const EDGE = 1.5;

/**
 * The baseline: every row in the DOM, no virtualization. Anchoring is manual
 * (browser scroll anchoring off): a prepend adds the growth of the content to
 * `scrollTop`, anything else keeps a list that was at the bottom there.
 */
export function Plain({ state, onScroller }: ImplProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const previousHeight = useRef(0);
  const atBottom = useRef(true);
  const mounted = useRef(false);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (!mounted.current) {
      mounted.current = true;
      element.scrollTop = element.scrollHeight;
    } else if (state.kind === 'prepend') {
      element.scrollTop += element.scrollHeight - previousHeight.current;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    previousHeight.current = element.scrollHeight;
  }, [state]);

  return (
    <div
      ref={(element) => {
        scroller.current = element;
        onScroller(element);
      }}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current = element.scrollHeight - (element.scrollTop + element.clientHeight) < EDGE;
        previousHeight.current = element.scrollHeight;
      }}
      style={{ height: LIST_SIZE, width: LIST_SIZE, overflowY: 'auto', overflowAnchor: 'none' }}
    >
      <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'flex-end' }}>
        {state.prefix ? <LoadingRow /> : null}
        {state.messages.map((message) => (
          <Row key={message.id} message={message} />
        ))}
      </div>
    </div>
  );
}
