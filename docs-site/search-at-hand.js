// @ts-check
// Search at hand (#22): the header sticks to the top of the screen (style.css); on a phone its first row (the
// site and game names) scrolls away and the second (Menu, the search box, its button) stays. This measures the
// first row to give the header that negative `top`, and tells the stylesheet the stuck bar's height
// (--search-bar, the room an anchored heading or a focused element keeps above it) and where it ends on screen
// (--search-bar-bottom, where the phone menu's panel opens). Measured, not fixed in the stylesheet: the rows'
// heights follow the reader's font size and the game's name.

export function keepSearchAtHand() {
  const header = /** @type {HTMLElement | null} */ (document.querySelector('header.site'));
  const form = /** @type {HTMLElement | null} */ (header?.querySelector('form.search') ?? null);
  const brand = /** @type {HTMLElement | null} */ (header?.querySelector('.brand') ?? null);
  if (!header || !form || !brand) return;
  const root = document.documentElement.style;
  const menu = /** @type {HTMLElement | null} */ (header.querySelector('button.menu'));
  const measure = () => {
    // The header is positioned (sticky), so these offsets are from its own top, wherever it is on screen.
    const rowTop = Math.min(form.offsetTop, menu && menu.offsetHeight ? menu.offsetTop : Infinity);
    const firstRowEnd = brand.offsetTop + brand.offsetHeight;
    // The second row starts below the names (a phone): the names' row, less a little air above the bar, scrolls away.
    const hide = rowTop >= firstRowEnd ? Math.max(0, rowTop - 6) : 0;
    header.style.top = `${-hide}px`;
    root.setProperty('--search-bar', `${header.offsetHeight - hide}px`);
    place();
  };
  const place = () => root.setProperty('--search-bar-bottom', `${Math.max(0, header.getBoundingClientRect().bottom)}px`);
  measure();
  new ResizeObserver(measure).observe(header);
  // While the phone menu's panel is open, it starts where the header ends, which moves as the names' row scrolls away.
  window.addEventListener('scroll', place, { passive: true });
}
