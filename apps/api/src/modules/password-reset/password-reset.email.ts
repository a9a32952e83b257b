/** The reset page a reset e-mail links to; the learner site's form posts the token to POST /password/reset. */
export const resetUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/password/reset/${encodeURIComponent(token)}`;
