/// The page's search box: filters the list as the user types, by the rule of
/// `SearchMatcher` (a primary-strength prefix of a word, a reading or a script's
/// spellings), over the lookups the page carries (`data-q`, see `SearchPageEncoder`) and
/// the query table (`#search-table`). Sections without matches are hidden and their index
/// titles dimmed. With `data-words` on the table, each word of the query matches on its
/// own, in any order. Keyboard: `/` goes to the box, Escape clears it.
enum HTMLSearchScript {
    static let source = #"""
        (() => {
          const box = document.getElementById('search');
          const tableNode = document.getElementById('search-table');
          const main = document.getElementById('list');
          if (!box || !tableNode || !main) return;
          const table = JSON.parse(tableNode.textContent);
          const status = document.getElementById('search-status');
          const rows = Array.from(main.querySelectorAll('[data-q]'));
          const sections = Array.from(main.querySelectorAll('section'));
          const titleLinks = Array.from(document.querySelectorAll('#index a[href^="#s"]'));
          const parsed = new Map();
          // Marks: 1 a match may start, 2 a syllable starts, 4 a spelling starts, 8 syllables.
          const parse = (text) => {
            const w = [], m = [];
            let marks = 0, syllables = 0;
            for (const ch of text) {
              if (ch === '|') { marks |= 4; syllables = 0; } else if (ch === '/') { marks |= 4; syllables = 8; }
              else if (ch === '^') marks |= 1; else if (ch === '.') marks |= 2; else if (ch === ':') marks |= 3;
              else { w.push(ch.codePointAt(0)); m.push(marks | syllables); marks = 0; }
            }
            return [w, m];
          };
          const finals = { 1: 0x3131, 2: 0x3132, 4: 0x3134, 7: 0x3137, 8: 0x3139, 16: 0x3141, 17: 0x3142, 19: 0x3145,
                           20: 0x3146, 21: 0x3147, 22: 0x3148, 23: 0x314A, 24: 0x314B, 25: 0x314C, 26: 0x314D, 27: 0x314E };
          const jamo = (text) => {
            let out = '';
            for (const ch of text) {
              const c = ch.codePointAt(0) - 0xAC00;
              if (c < 0 || c > 11171) { out += ch; continue; }
              out += String.fromCodePoint(0x1100 + Math.floor(c / 588), 0x1161 + Math.floor((c % 588) / 28));
              if (c % 28) out += String.fromCodePoint(0x11A7 + (c % 28));
            }
            return out;
          };
          const weightsOfCharacter = (ch) => {
            for (const form of [ch, ch.toLowerCase(), ch.normalize('NFKC'), ch.normalize('NFKC').toLowerCase()]) {
              if (form in table) return Array.from(table[form], (c) => c.codePointAt(0));
            }
            return /\s/u.test(ch) ? [] : null;
          };
          const weightsOf = (text) => {
            const weights = [];
            for (const ch of jamo(text)) {
              const found = weightsOfCharacter(ch);
              if (found === null) return null;
              weights.push(...found);
            }
            return weights;
          };
          // The query as typed, and with a final consonant moved on (김 → 기ㅁ).
          const readings = (text) => {
            const list = [weightsOf(text)];
            const chars = Array.from(text);
            const last = chars.length ? chars[chars.length - 1].codePointAt(0) : 0;
            const final = (last - 0xAC00) % 28;
            if (last >= 0xAC00 && last <= 0xD7A3 && finals[final]) {
              list.push(weightsOf(chars.slice(0, -1).join('') + String.fromCodePoint(last - final, finals[final])));
            }
            return list.filter((reading) => reading !== null);
          };
          const inText = (q, w, m, start) => {
            if (start + q.length > w.length) return false;
            for (let k = 1; k < q.length; k++) if ((m[start + k] & 4) || w[start + k] !== q[k]) return false;
            return true;
          };
          const inSyllables = (q, done, w, m, start) => {
            let end = start + 1;
            while (end < w.length && !(m[end] & 6)) end++;
            let matched = done;
            for (let i = start; i < end && matched < q.length && w[i] === q[matched]; i++) {
              matched++;
              if (matched === q.length) return true;
              if (end < w.length && !(m[end] & 4) && w[end] === q[matched] && inSyllables(q, matched, w, m, end)) return true;
            }
            return false;
          };
          const matches = (q, [w, m]) => {
            if (q.length === 0) return true;
            for (let i = 0; i < w.length; i++) {
              if (w[i] !== q[0] || !(m[i] & 1)) continue;
              if ((m[i] & 8) ? inSyllables(q, 0, w, m, i) : inText(q, w, m, i)) return true;
            }
            return false;
          };
          let last = null;
          const apply = () => {
            if (box.value === last) return;
            last = box.value;
            // Words in any order (data-words): every word's readings must match.
            const words = tableNode.dataset.words === '1'
              ? box.value.split(/\s+/u).filter((word) => word.length > 0) : [box.value];
            const parts = words.map(readings).filter((part) => !part.some((q) => q.length === 0));
            const everything = parts.length === 0;
            main.classList.toggle('filtering', !everything);
            let count = 0;
            for (const row of rows) {
              let lookup = parsed.get(row);
              if (!lookup) { lookup = parse(row.dataset.q); parsed.set(row, lookup); }
              const shown = everything || parts.every((part) => part.some((q) => matches(q, lookup)));
              row.hidden = !shown;
              if (shown) count++;
            }
            for (const section of sections) section.hidden = !section.querySelector('[data-q]:not([hidden])');
            for (const link of titleLinks) {
              const section = document.getElementById(link.getAttribute('href').slice(1));
              link.classList.toggle('dim', !!section && section.hidden);
            }
            if (status) status.textContent = everything ? '' : count + ' / ' + rows.length;
          };
          let pending = false;
          box.addEventListener('input', () => { if (!pending) { pending = true; requestAnimationFrame(() => { pending = false; apply(); }); } });
          box.addEventListener('keydown', (event) => {
            if (event.key === 'Escape') { box.value = ''; apply(); }
          });
          addEventListener('keydown', (event) => {
            if (event.key !== '/' || event.target === box || event.ctrlKey || event.metaKey || event.altKey) return;
            event.preventDefault();
            box.focus();
            box.select();
          });
          // The index's magnifier focuses the box, as UIKit's search entry does.
          const magnifier = document.getElementById('index-search');
          if (magnifier) {
            magnifier.addEventListener('click', (event) => { event.preventDefault(); box.focus(); box.select(); });
            magnifier.hidden = false;
          }
          box.hidden = false;
          apply();
        })();
        """#
}
