/// The live page's script: a virtual list over the JSON API.
///
/// - Sections are sized from their row counts (`GET /api/index`); rows are fetched by
///   section and range only when they come into view (`GET /api/rows`), so the server's
///   cell provider runs for those rows only.
/// - The side index lists every title; choosing one asks the server where it leads
///   (`GET /api/jump`, the data source's `section(forSectionIndexTitle:at:)`); press and drag
///   scrubs through titles as on iOS; arrows move along it.
/// - Edits arrive as the data source's differences (`GET /api/changes`, long polling) and
///   are applied to the page's model without reloading: deletions at old positions, then
///   insertions at new ones.
/// Text from the server is only ever assigned with `textContent`.
enum ContactListScript {
    static let source = #"""
        'use strict';
        (() => {
          const PAGE = 50, AHEAD = 10;
          const list = document.getElementById('list'), nav = document.getElementById('index');
          const ol = nav.querySelector('ol'), bubble = document.getElementById('bubble');
          const status = document.getElementById('status');
          const rowHeight = () => parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--row')) || 40;
          const state = { version: -1, titles: [], sections: [], fresh: new Set(), total: 0 };
          window.__contactList = state;

          const api = async (path, options) => {
            const response = await fetch(path, options);
            if (!response.ok) throw new Error(path + ': ' + response.status);
            return response.json();
          };

          const makeSection = (title, count) => {
            const el = document.createElement('section');
            el.tabIndex = -1;
            const heading = document.createElement('h2');
            heading.textContent = title;
            const rowsEl = document.createElement('div');
            rowsEl.className = 'rows';
            el.append(heading, rowsEl);
            return { title, count, cells: new Map(), loading: new Set(), el, rowsEl };
          };

          const showStatus = () => {
            status.textContent = state.total.toLocaleString() + ' contacts · v' + state.version;
          };

          const renderIndex = () => {
            const shown = new Map();
            state.sections.forEach((section, index) => { if (!shown.has(section.title)) shown.set(section.title, index); });
            const items = state.titles.map((title, index) => {
              const li = document.createElement('li');
              const el = document.createElement(shown.has(title) ? 'a' : 'span');
              el.textContent = title;
              el.dataset.title = title;
              el.dataset.index = String(index);
              if (shown.has(title)) { el.href = '#'; el.setAttribute('aria-label', title + ', ' + state.sections[shown.get(title)].count); }
              else { el.className = 'empty'; el.setAttribute('aria-disabled', 'true'); }
              li.append(el);
              return li;
            });
            ol.replaceChildren(...items);
            document.documentElement.style.setProperty('--titles', String(Math.max(1, state.titles.length)));
            const links = [...ol.querySelectorAll('a')];
            links.forEach((link, index) => { link.tabIndex = index === 0 ? 0 : -1; });
          };

          const layout = () => {
            const height = rowHeight();
            for (const section of state.sections) section.rowsEl.style.height = (section.count * height) + 'px';
          };

          const rowElement = (section, row, cell) => {
            const el = document.createElement('div');
            el.className = 'row';
            el.style.top = (row * rowHeight()) + 'px';
            const name = document.createElement('span');
            name.className = 'name';
            const phone = document.createElement('span');
            phone.className = 'phone';
            if (cell) {
              el.dataset.id = String(cell.id);
              name.textContent = cell.name;
              phone.textContent = cell.phone;
              const remove = document.createElement('button');
              remove.type = 'button';
              remove.textContent = '×';
              remove.setAttribute('aria-label', 'Delete ' + cell.name);
              remove.addEventListener('click', () => { fetch('/contacts/' + cell.id, { method: 'DELETE' }); });
              el.append(name, phone, remove);
              if (state.fresh.has(cell.id)) {
                el.classList.add('fresh');
                state.fresh.delete(cell.id);
              }
            } else {
              el.classList.add('loading');
              name.textContent = '…';
              el.append(name, phone);
            }
            return el;
          };

          const load = async (section, page) => {
            if (section.loading.has(page)) return;
            section.loading.add(page);
            const version = state.version;
            try {
              const index = state.sections.indexOf(section);
              if (index < 0) return;
              const start = page * PAGE;
              const reply = await api('/api/rows?section=' + index + '&start=' + start + '&count=' + PAGE);
              // Rows of another version may be stale: wait for the changes, then ask again.
              if (reply.version !== state.version || version !== state.version) return;
              reply.rows.forEach((cell, offset) => section.cells.set(start + offset, cell));
              schedule();
            } catch (error) {
              status.textContent = String(error);
            } finally {
              section.loading.delete(page);
            }
          };

          // Draw the rows in view (and a few beyond); fetch the pages that are missing.
          const render = () => {
            const height = rowHeight();
            for (const section of state.sections) {
              const box = section.rowsEl.getBoundingClientRect();
              if (box.bottom < -height * AHEAD || box.top > innerHeight + height * AHEAD || section.count === 0) {
                if (section.rowsEl.firstChild) section.rowsEl.replaceChildren();
                continue;
              }
              const first = Math.max(0, Math.floor(-box.top / height) - AHEAD);
              const last = Math.min(section.count - 1, Math.ceil((innerHeight - box.top) / height) + AHEAD);
              const rows = [];
              for (let row = first; row <= last; row++) {
                const cell = section.cells.get(row);
                if (!cell) load(section, Math.floor(row / PAGE));
                rows.push(rowElement(section, row, cell));
              }
              section.rowsEl.replaceChildren(...rows);
            }
            markCurrent();
          };
          let pending = false;
          const schedule = () => { if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; render(); }); } };

          const markCurrent = () => {
            const top = state.sections.find((section) => section.el.getBoundingClientRect().bottom > 60);
            for (const link of ol.querySelectorAll('a')) {
              if (top && link.dataset.title === top.title) link.setAttribute('aria-current', 'location');
              else link.removeAttribute('aria-current');
            }
          };

          const loadIndex = async () => {
            const index = await api('/api/index');
            state.version = index.version;
            state.titles = index.indexTitles;
            state.total = index.total;
            state.sections = index.sections.map((section) => makeSection(section.title, section.count));
            list.replaceChildren(...state.sections.map((section) => section.el));
            renderIndex();
            layout();
            showStatus();
            render();
          };

          // Shift the cached cells of a section at and after `row` by `delta`.
          const shift = (section, row, delta) => {
            const moved = new Map();
            for (const [key, cell] of section.cells) {
              if (key < row) moved.set(key, cell);
              else if (delta > 0) moved.set(key + delta, cell);
              else if (key > row) moved.set(key + delta, cell);
            }
            section.cells = moved;
            section.count += delta;
          };

          const applyChange = (change) => {
            const sections = state.sections;
            const removals = change.itemDeletions.concat(change.itemMoves.map((move) => move.from))
              .sort((a, b) => b.section - a.section || b.row - a.row);
            for (const item of removals) shift(sections[item.section], item.row, -1);
            for (const gone of change.sectionDeletions.slice().sort((a, b) => b.index - a.index)) {
              sections[gone.index].el.remove();
              sections.splice(gone.index, 1);
            }
            for (const added of change.sectionInsertions.slice().sort((a, b) => a.index - b.index)) {
              const section = makeSection(added.title, added.ids.length);
              list.insertBefore(section.el, sections[added.index] ? sections[added.index].el : null);
              sections.splice(added.index, 0, section);
              added.ids.forEach((id) => state.fresh.add(id));
            }
            const insertions = change.itemInsertions.concat(change.itemMoves.map((move) => move.to))
              .sort((a, b) => a.section - b.section || a.row - b.row);
            for (const item of insertions) {
              shift(sections[item.section], item.row, 1);
              state.fresh.add(item.id);
            }
            for (const item of change.reconfigured) sections[item.section].cells.delete(item.row);
            state.total += change.itemInsertions.length - change.itemDeletions.length
              + change.sectionInsertions.reduce((sum, s) => sum + s.ids.length, 0)
              - change.sectionDeletions.length;
            state.version = change.version;
          };

          const poll = async () => {
            for (;;) {
              try {
                const reply = await api('/api/changes?since=' + state.version);
                if (reply.reset) { await loadIndex(); continue; }
                if (reply.changes.length === 0) continue;
                for (const change of reply.changes) {
                  if (change.version === state.version + 1) applyChange(change);
                }
                renderIndex();
                layout();
                showStatus();
                render();
              } catch (error) {
                status.textContent = 'offline: ' + error.message;
                await new Promise((resolve) => setTimeout(resolve, 1000));
              }
            }
          };

          // The side index: tap, drag to scrub, keyboard.
          let scrubbing = false, shownTitle = null, hideTimer = 0, jumpSerial = 0;
          const jump = async (item) => {
            if (!item || item.dataset.index === shownTitle) return;
            shownTitle = item.dataset.index;
            bubble.textContent = item.dataset.title;
            bubble.hidden = false;
            const serial = ++jumpSerial;
            const reply = await api('/api/jump?title=' + encodeURIComponent(item.dataset.title) + '&index=' + item.dataset.index);
            if (serial !== jumpSerial || reply.section < 0 || !state.sections[reply.section]) return;
            const section = state.sections[reply.section];
            const header = document.querySelector('header').getBoundingClientRect().height;
            scrollTo(0, section.el.getBoundingClientRect().top + scrollY - header);
            section.el.focus({ preventScroll: true });
            schedule();
          };
          const itemAt = (y) => {
            const items = [...ol.children].map((li) => li.firstElementChild);
            let low = 0, high = items.length - 1;
            while (low < high) {
              const middle = (low + high) >> 1;
              if (y > items[middle].getBoundingClientRect().bottom) low = middle + 1; else high = middle;
            }
            return items[low];
          };
          const endScrub = () => {
            scrubbing = false;
            shownTitle = null;
            clearTimeout(hideTimer);
            hideTimer = setTimeout(() => { bubble.hidden = true; }, 500);
          };
          nav.addEventListener('pointerdown', (event) => {
            if (event.button !== 0 || ol.children.length === 0) return;
            event.preventDefault();
            scrubbing = true;
            clearTimeout(hideTimer);
            nav.setPointerCapture(event.pointerId);
            jump(itemAt(event.clientY));
          });
          nav.addEventListener('pointermove', (event) => { if (scrubbing) jump(itemAt(event.clientY)); });
          nav.addEventListener('pointerup', endScrub);
          nav.addEventListener('pointercancel', endScrub);
          nav.addEventListener('click', (event) => {
            const link = event.target.closest('a');
            if (!link) return;
            event.preventDefault();
            shownTitle = null;
            jump(link).then(endScrub);
          });
          nav.addEventListener('keydown', (event) => {
            const links = [...ol.querySelectorAll('a')];
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

          document.getElementById('add').addEventListener('submit', async (event) => {
            event.preventDefault();
            const name = document.getElementById('name'), phone = document.getElementById('phone');
            try {
              await api('/contacts', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                       body: JSON.stringify({ name: name.value, phone: phone.value }) });
              name.value = '';
              phone.value = '';
            } catch (error) {
              status.textContent = String(error);
            }
          });

          addEventListener('scroll', schedule, { passive: true });
          addEventListener('resize', () => { layout(); schedule(); });
          loadIndex().then(poll);
        })();
        """#
}
