import { describe, expect, it } from 'vitest';
import { cleanName } from './names.js';
import { isInternationalHost, isLinkableWebsite, isRawIpHost, siteOf, websiteHost, withHttps } from './website-host.js';

describe('website hosts', () => {
  it('shows a link without an http prefix as https://', () => {
    expect(withHttps('www.kc.org')).toBe('https://www.kc.org');
    expect(withHttps('//kc.org/a')).toBe('https://kc.org/a');
    expect(withHttps(' http://kc.org ')).toBe('http://kc.org');
    expect(withHttps('')).toBe('');
  });

  it('reads the host of what the forms accept, and nothing else', () => {
    expect(websiteHost('www.KnownFarms.org/a')).toBe('www.knownfarms.org');
    expect(websiteHost('http://203.0.113.9:8080/login')).toBe('203.0.113.9');
    expect(websiteHost('javascript:alert(1)')).toBeNull();
    expect(websiteHost('two words')).toBeNull();
    expect(websiteHost('')).toBeNull();
  });

  it('tells raw IP addresses and international hosts, which are shown but never linked', () => {
    expect(isRawIpHost(websiteHost('http://2130706433/')!)).toBe(true);
    expect(isRawIpHost(websiteHost('https://[2001:db8::1]/')!)).toBe(true);
    expect(isInternationalHost(websiteHost('https://ɡoogle.com')!)).toBe(true);
    expect(isLinkableWebsite('https://kcparks.org/places/loose-park/')).toBe(true);
    expect(isLinkableWebsite('http://203.0.113.9/')).toBe(false);
    expect(isLinkableWebsite('https://xn--oogle-qmc.com')).toBe(false);
  });

  it('compares sites by their last labels', () => {
    expect(siteOf('www.kcparks.org')).toBe('kcparks.org');
    expect(siteOf('shop.example.co.uk')).toBe('example.co.uk');
  });
});

describe('names as stored', () => {
  it('drops invisible and bidi control characters and folds compatibility forms', () => {
    expect(cleanName('Loose\u200b Park\u202e')).toBe('Loose Park');
    expect(cleanName('\uff2c\uff4f\uff4f\uff53\uff45')).toBe('Loose');
    expect(cleanName('Caf\u00e9 \ufb01ne')).toBe('Café fine');
  });
});
