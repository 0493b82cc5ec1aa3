import type { PublicSettings } from '@/common/constants/settings';
import { updateSettings } from './settings.slice';
import { updateUIValue, uiFromSettings } from '../ui/ui.slice';

/** The actions that store server settings: the settings slice and the UI values derived from them. */
export function settingsActions(settings: Partial<PublicSettings>) {
  return [updateSettings(settings), updateUIValue(uiFromSettings(settings))] as const;
}
