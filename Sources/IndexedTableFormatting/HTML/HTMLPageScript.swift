/// The page's only script: the side index's scrubbing, keyboard moves and the highlight
/// of the section in view. It reads the page and never builds markup from text (only
/// `textContent`), so records stay text whatever they contain. The page works without it:
/// index titles are plain links.
enum HTMLPageScript {
    /// The script of a page: the index's, and the search box's when the page has one.
    static func source(searching: Bool) -> String { searching ? indexSource + "\n" + HTMLSearchScript.source : indexSource }

    static let indexSource = #"""
        'use strict';
        (() => {
          const nav = document.getElementById('index');
          const bubble = document.getElementById('bubble');
          if (!nav || !bubble) return;
          const items = Array.from(nav.querySelectorAll('[data-s]'));
          const links = Array.from(nav.querySelectorAll('a'));
          const sections = Array.from(document.querySelectorAll('main > section'));
          let scrubbing = false, shown = null, hideTimer = 0;

          const jump = (item) => {
            if (!item || item === shown) return;
            shown = item;
            const section = document.getElementById('s' + item.dataset.s);
            if (section) section.scrollIntoView({ block: 'start' });
            bubble.textContent = item.textContent;
            bubble.hidden = false;
          };
          // The index item level with a pointer: items are stacked top to bottom.
          const itemAt = (y) => {
            let low = 0, high = items.length - 1;
            while (low < high) {
              const middle = (low + high) >> 1;
              if (y > items[middle].getBoundingClientRect().bottom) low = middle + 1; else high = middle;
            }
            return items[low];
          };
          const end = () => {
            scrubbing = false;
            shown = null;
            clearTimeout(hideTimer);
            hideTimer = setTimeout(() => { bubble.hidden = true; }, 500);
          };
          nav.addEventListener('pointerdown', (event) => {
            if (event.button !== 0 || items.length === 0 || event.target.closest('#index-search')) return;
            event.preventDefault();
            scrubbing = true;
            clearTimeout(hideTimer);
            nav.setPointerCapture(event.pointerId);
            jump(itemAt(event.clientY));
          });
          nav.addEventListener('pointermove', (event) => { if (scrubbing) jump(itemAt(event.clientY)); });
          nav.addEventListener('pointerup', end);
          nav.addEventListener('pointercancel', end);

          // One tab stop for the whole index; arrows, Home and End move inside it.
          links.forEach((link, index) => { link.tabIndex = index === 0 ? 0 : -1; });
          nav.addEventListener('keydown', (event) => {
            const index = links.indexOf(document.activeElement);
            if (index < 0) return;
            const moves = { ArrowDown: index + 1, ArrowRight: index + 1, ArrowUp: index - 1, ArrowLeft: index - 1,
                            Home: 0, End: links.length - 1 };
            if (!(event.key in moves)) return;
            event.preventDefault();
            const next = links[Math.max(0, Math.min(links.length - 1, moves[event.key]))];
            links[index].tabIndex = -1;
            next.tabIndex = 0;
            next.focus();
          });

          // Mark the index title of the section at the top of the window.
          let pending = false;
          const mark = () => {
            pending = false;
            const top = sections.find((section) => section.getBoundingClientRect().bottom > 1);
            const id = top ? top.id.slice(1) : null;
            for (const link of links) {
              if (link.dataset.s === id) link.setAttribute('aria-current', 'location');
              else link.removeAttribute('aria-current');
            }
          };
          addEventListener('scroll', () => { if (!pending) { pending = true; requestAnimationFrame(mark); } }, { passive: true });
          mark();
        })();
        """#
}
