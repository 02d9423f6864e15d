export { CookieConsent } from './cookie-consent';
