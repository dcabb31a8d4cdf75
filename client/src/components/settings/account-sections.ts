/**
 * The slot for the account parts of '/settings' (profile, password), built in a later issue: add each
 * section component to this list and the settings page renders them above the app settings.
 */
import type { ComponentType } from 'react';

export const ACCOUNT_SETTINGS_SECTIONS: ComponentType[] = [];
