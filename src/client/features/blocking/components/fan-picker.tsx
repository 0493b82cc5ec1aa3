import { useState } from 'react';
import { Avatar, Flex, Select, Typography } from 'antd';
import { userRoutes } from '@/common/contract/users';
import { AVATAR_PLACEHOLDER } from '@/client/features/user/default-user';
import { useRouteData } from '@/client/hooks/use-route-data';
import { useDebouncedValue } from '@/client/hooks/use-debounced-value';

interface Props {
  id?: string;
  value?: string;
  onChange?: (userId: string | undefined) => void;
}

/** Search fans by name or username (GET /users/search?q=) and pick one; value is the user id. */
export function FanPicker({ id, value, onChange }: Props) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim().slice(0, 100));
  const { data, error, isLoading } = useRouteData(userRoutes.search, term ? { q: term, offset: 0, limit: 10 } : null, {
    keepPreviousData: true,
  });
  const users = term ? (data?.data.data ?? []) : [];

  let notFound = 'Type a name or username';
  if (term && error) notFound = 'Could not search, please try again';
  else if (term && !isLoading) notFound = `No one matches “${term}”`;

  return (
    <Select<string>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      allowClear
      placeholder="Search fans by name or username"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={isLoading}
      notFoundContent={notFound}
      style={{ width: '100%' }}
      options={users.map((u) => ({
        value: u._id,
        title: u.username ? `${u.name} (@${u.username})` : u.name,
        label: (
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <Avatar src={u.avatar || AVATAR_PLACEHOLDER} alt="" size={20} style={{ flex: 'none' }} />
            <Typography.Text ellipsis>
              {u.name}
              {u.username ? <Typography.Text type="secondary"> @{u.username}</Typography.Text> : null}
            </Typography.Text>
          </Flex>
        ),
      }))}
    />
  );
}
