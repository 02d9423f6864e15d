/** docs/product.md section 2: the theme is forced to light and any stored theme is removed. */
export function forceLightTheme(): void {
  try {
    localStorage.removeItem('theme');
    localStorage.removeItem('vite-ui-theme');
  } catch {
    /* storage blocked */
  }
  document.documentElement.classList.remove('dark');
  document.documentElement.classList.add('light');
  document.documentElement.style.colorScheme = 'light';
}
