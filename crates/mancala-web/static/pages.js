// The server-rendered pages (catalogue, game pages) and the language
// switcher of every page. The catalogue's filters work without this script
// (a GET form); with it they apply as they change.
'use strict';

(function () {
  const lang = document.body.dataset.lang || 'en';
  const latin = document.body.dataset.digits === 'latin';
  const zero = latin ? null : ({ fa: 0x06f0, my: 0x1040 })[lang];
  const digits = (text) => zero ? String(text).replace(/[0-9]/g, (d) => String.fromCharCode(zero + Number(d))) : String(text);

  // The switcher returns to this very page, the part after # included.
  for (const a of document.querySelectorAll('.prefs a')) {
    a.addEventListener('click', () => {
      const url = new URL(a.href);
      url.searchParams.set('back', location.pathname + location.search + location.hash);
      a.href = url.toString();
    });
  }

  const form = document.getElementById('filters');
  if (!form) return;
  for (const b of form.querySelectorAll('.nojs')) b.hidden = true;
  const games = Array.from(document.querySelectorAll('#games > li.game'));
  const shown = document.getElementById('shown');
  const none = document.getElementById('none');
  const field = (id) => document.getElementById(id).value.trim();

  function apply() {
    const q = field('f-q').toLowerCase();
    const region = field('f-region');
    const holes = field('f-holes');
    const stores = field('f-stores');
    const mech = field('f-mech');
    let n = 0;
    for (const li of games) {
      const d = li.dataset;
      const ok = (!q || d.name.includes(q) || d.id.includes(q))
        && (!region || d.region === region)
        && (!holes || d.holes === holes)
        && (!stores || d.stores === stores)
        && (!mech || d.mech.split(' ').includes(mech));
      li.hidden = !ok;
      if (ok) n++;
    }
    shown.textContent = shown.dataset.pattern.replace('\uE000', digits(n));
    none.hidden = n !== 0;
    // The address keeps the filters: a reload or a shared link shows the same list.
    const params = new URLSearchParams();
    for (const [k, v] of [['q', q], ['region', region], ['holes', holes], ['stores', stores], ['mech', mech]]) if (v) params.set(k, v);
    const search = params.toString();
    history.replaceState(null, '', location.pathname + (search ? '?' + search : ''));
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('submit', (e) => { e.preventDefault(); apply(); });
  document.getElementById('f-reset').addEventListener('click', (e) => {
    e.preventDefault();
    form.reset();
    for (const el of form.querySelectorAll('input, select')) el.value = '';
    apply();
  });
}());
