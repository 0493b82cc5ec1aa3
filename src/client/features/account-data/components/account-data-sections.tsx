import { Flex } from 'antd';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';

/** "Your data" and "Delete account", as both account pages show them (fans and creators). */
export function AccountDataSections() {
  return (
    <Flex vertical gap={24}>
      <DataExportSection />
      <DeleteAccountSection />
    </Flex>
  );
}
