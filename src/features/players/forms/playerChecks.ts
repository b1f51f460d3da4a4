import type { TFunction } from 'i18next';

const PLAYER_NAME = /^[A-Za-z0-9_]{3,16}$/;

/** A required field's check: the same message antd's `required` rule gave. */
export const requiredCheck = (t: TFunction) => (value: string) => (value.trim() === '' ? t('validation.required', 'This field is required') : null);

/** Every player-name field: required, and a name the game accepts. */
export const playerNameCheck = (t: TFunction) => (value: string) => requiredCheck(t)(value) ?? (PLAYER_NAME.test(value) ? null : t('players.nameRule', '3 to 16 letters, digits or _'));
