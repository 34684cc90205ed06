/** What the server decided about the device (ADR 008); the root loader hands it to the page. */
export type Platform = {
  kind: 'phone' | 'tablet' | 'desktop' | 'bot';
  os: 'ios' | 'android' | 'other';
  /** The app whose in-app browser shows the page, or null in a real browser. */
  inApp: InApp | null;
};

export type InApp =
  | 'zalo'
  | 'facebook'
  | 'messenger'
  | 'instagram'
  | 'tiktok'
  | 'line'
  | 'wechat'
  | 'kakaotalk'
  | 'snapchat'
  | 'linkedin'
  | 'twitter'
  | 'webview';

/** The platform plus whether this document is the one after the open-in-browser attempt. */
export type ClientPlatform = Platform & { escapeTried: boolean };

/** Query flag that marks "the open-in-browser attempt was made": it is never attempted again. */
export const ESCAPE_FLAG = '_ext';
