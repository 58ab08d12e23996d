import type { FixturePage } from './fixture-page';
import type { ListSnapshot } from '../fuzz/invariants';

/** Reads the page and the handle in one evaluation, once the list is still. */
export const readSnapshot = async (fixture: FixturePage, frames = 3): Promise<ListSnapshot> => {
  // 0: as the page is now, settled or not (a fuzz step hurried into the opening).
  if (frames > 0) await fixture.settled(frames);
  return fixture.page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    const viewportTop = scroller.getBoundingClientRect().top;
    // The rows in the flow. A message that keeps keyboard focus stays rendered however far the
    // reader scrolls (issue #17), out of the flow and far from the viewport: not one of them.
    const inFlow = [...scroller.querySelectorAll<HTMLElement>('[data-virtual-index]')].filter(
      (element) => element.style.position !== 'absolute',
    );
    const rows = inFlow.map((element) => {
      const rect = element.getBoundingClientRect();
      const kind = element.hasAttribute('data-chat-list-prefix')
        ? ('prefix' as const)
        : element.hasAttribute('data-chat-list-suffix')
          ? ('suffix' as const)
          : ('message' as const);
      return {
        kind,
        virtualIndex: Number(element.dataset.virtualIndex),
        index: kind === 'message' ? Number(element.dataset.index) : null,
        id: element.dataset.id ?? null,
        top: rect.top - viewportTop,
        bottom: rect.bottom - viewportTop,
        header: element.querySelector('[data-chat-list-group-header]')?.textContent ?? null,
        textTop:
          kind === 'message'
            ? (element.querySelector('.message')?.getBoundingClientRect().top ?? rect.top) - viewportTop
            : null,
      };
    });
    const handle = window.fixture.handle!;
    const messages = window.fixture.messages();
    // The newest message with that key (keys may be shared: bad input some tests give); -1 for none.
    let newestSeenIndex = messages.length - 1;
    while (newestSeenIndex >= 0 && messages[newestSeenIndex]!.id !== handle.newestSeenId) newestSeenIndex--;
    const range = handle.getVisibleRange();
    const fullyVisible = rows.filter(
      (row) => row.kind === 'message' && row.top >= 0 && row.bottom <= scroller.clientHeight && row.bottom > row.top,
    );
    // The turn being read, from the DOM (issue #19): the reading line is 24 px + the peek below the
    // content's top as the list scrolled it (short content sits lower, at the bottom).
    const params = new URLSearchParams(location.search);
    let turns = null;
    if (params.get('turns') === '1') {
      const peek = Number(params.get('turnPeek') ?? 0);
      const first = rows[0];
      const contentTop = first !== undefined && first.virtualIndex === 0 ? first.top : -scroller.scrollTop;
      const turnAt = (line: number) => {
        const row = rows.find((candidate) => candidate.bottom > line) ?? rows[rows.length - 1];
        if (row === undefined || row.kind === 'prefix') return -1;
        let index = row.kind === 'suffix' ? messages.length - 1 : row.index!;
        while (index >= 0 && messages[index]!.role !== 'user') index--;
        return index;
      };
      const line = contentTop + scroller.scrollTop + peek + 24;
      let currentIndex = messages.length - 1;
      while (currentIndex >= 0 && messages[currentIndex]!.id !== handle.currentTurnId) currentIndex--;
      const expectedIndexes = [turnAt(line - 1), turnAt(line + 1)];
      // A turn a command brought to the top is the turn read while it stays in view near where it
      // landed, however short it is (the fuzz driver names the command's message).
      const topCommandId = (window as unknown as { fuzzTopCommandId?: string | null }).fuzzTopCommandId;
      const commanded = rows.find((row) => row.kind === 'message' && row.id === topCommandId);
      const isCommandedInView =
        commanded !== undefined && commanded.top >= -1 && commanded.top <= scroller.clientHeight;
      if (isCommandedInView && messages[commanded.index!]?.role === 'user') expectedIndexes.push(commanded.index!);
      turns = { currentIndex, expectedIndexes };
    }
    // Day headers (groupSize): each row's day, and the header it must carry, from the page's
    // numbering of the messages; the stuck copy as shown.
    let groups = null;
    if (Number(params.get('groupSize') ?? 0) > 0) {
      const dayAt = (index: number) => (index < 0 ? undefined : window.fixture.dayOf(messages[index]!.id));
      const days = rows.map((row) => (row.kind === 'message' ? (window.fixture.dayOf(row.id!) ?? null) : null));
      const expectedHeaders = rows.map((row, position) => {
        const day = days[position] ?? null;
        return row.kind === 'message' && day !== null && day !== dayAt(row.index! - 1) ? day : null;
      });
      const stuck = scroller.querySelector<HTMLElement>('[data-chat-list-sticky-header] > div');
      groups = {
        isSticky: params.get('stickyGroupHeader') !== '0',
        stuck: stuck === null ? null : (stuck.textContent ?? null),
        days,
        expectedHeaders,
      };
    }
    return {
      groups,
      turns,
      scrollTop: scroller.scrollTop,
      scrollHeight: scroller.scrollHeight,
      clientHeight: scroller.clientHeight,
      messageCount: messages.length,
      hasSuffix: window.fixture.hasSuffix(),
      hasNewer: window.fixture.hasNewer(),
      rows,
      handle: {
        isAtTop: handle.isAtTop,
        isAtBottom: handle.isAtBottom,
        range: range && { firstIndex: range.firstIndex, lastIndex: range.lastIndex },
        unseenCount: handle.unseenCount,
        visibleSeen: fullyVisible.map((row) => handle.wasSeen(row.id!)),
        newestSeenIndex: handle.newestSeenId === undefined ? null : newestSeenIndex,
      },
    };
  });
};
