/** The subscription pages' paths (issue 12 §2). */
export const YOUR_PLAN = '/home/your-plan';
export const VERIFY_UPGRADE = '/membership/subscription/verify-upgrade';
export const SUBSCRIPTION_CARD = '/account/information/payment-method/subscription-card';
