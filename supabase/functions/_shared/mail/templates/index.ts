import type { AnyMailTemplate } from './layout.ts';
import { confirmation } from './confirmation.ts';
import { magicLink } from './magic-link.ts';
import { recovery } from './recovery.ts';
import { emailChange } from './email-change.ts';
import { emailChangeNotice } from './email-change-notice.ts';
import { reauthentication } from './reauthentication.ts';
import { welcome } from './welcome.ts';
import { newsletterConfirm } from './newsletter-confirm.ts';
import { messageDigest } from './message-digest.ts';
import { meetingUpdate } from './meeting-update.ts';
import { listingsPlanChange } from './listings-plan-change.ts';
import { orderUpdate } from './order-update.ts';
import { listingModeration } from './listing-moderation.ts';
import { companyInvitation } from './company-invitation.ts';
import { contactReply } from './contact-reply.ts';
import { contactNotification } from './contact-notification.ts';

/**
 * Every email the product sends, by the name passed to `mail.enqueue({ template })`. To add one,
 * create a file beside this one (see link-template.ts or reauthentication.ts) and list it here.
 */
export const templates: Record<string, AnyMailTemplate> = {
  confirmation,
  'magic-link': magicLink,
  recovery,
  'email-change': emailChange,
  'email-change-notice': emailChangeNotice,
  reauthentication,
  welcome,
  'newsletter-confirm': newsletterConfirm,
  'message-digest': messageDigest,
  'meeting-update': meetingUpdate,
  'listings-plan-change': listingsPlanChange,
  'order-update': orderUpdate,
  'listing-moderation': listingModeration,
  'company-invitation': companyInvitation,
  'contact-reply': contactReply,
  'contact-notification': contactNotification,
};
