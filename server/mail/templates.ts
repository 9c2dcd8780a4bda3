/** Mail texts, Spanish by default. Plain text only. */
import type { Lang } from '../http/lang';
import type { MailMessage } from './outbox';

export function passwordRecoveryMail(lang: Lang, to: string, username: string, link: string): MailMessage {
  if (lang === 'en') {
    return {
      to,
      subject: 'Password recovery',
      text: [
        `Hello ${username},`,
        '',
        'We received a request to reset your password. To choose a new one, open this link',
        '(it works once and expires in 1 hour):',
        '',
        link,
        '',
        'If you did not ask for this, ignore this message: your password stays the same.',
        '',
      ].join('\n'),
    };
  }
  return {
    to,
    subject: 'Recuperación de contraseña',
    text: [
      `Hola ${username}:`,
      '',
      'Recibimos un pedido para restablecer su contraseña. Para elegir una nueva, abra este enlace',
      '(sirve una sola vez y vence en 1 hora):',
      '',
      link,
      '',
      'Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
      '',
    ].join('\n'),
  };
}
