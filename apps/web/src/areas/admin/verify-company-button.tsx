import { adminVerifyRecruiter } from '@app/contract/resources/content/admin-board';
import { Badge, Button } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useCan } from '../../kit/can';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { RowButton } from '../../kit/row-actions';
import { useCall } from '../../kit/use-resource';
import { adminCompanies } from './admin-resources';

type VerifyProps = { company: { _id: string; name: string; isVerified: boolean }; variant?: 'row' | 'button' };

/** Verifies a company (its badge shows on its jobs and page) or takes the verification back. */
export const VerifyCompanyButton = ({ company, variant = 'row' }: VerifyProps) => {
  const can = useCan();
  const verify = useCall(adminVerifyRecruiter, { invalidates: [adminCompanies] });
  if (!can.call(adminVerifyRecruiter)) return null;
  const next = !company.isVerified;
  const name = `${next ? 'Verify' : 'Unverify'} ${company.name}`;
  const run = async () => {
    try {
      await verify.mutateAsync({ _id: company._id, isVerified: next });
      notifySuccess(next ? `${company.name} is verified` : `${company.name} is no longer verified`);
    } catch (error) {
      notifyFailure(error);
    }
  };
  const icon = next ? <IconShieldCheck size={18} aria-hidden /> : <IconShieldX size={18} aria-hidden />;
  return variant === 'row' ? (
    <RowButton name={name} colour={next ? 'teal' : 'yellow'} onClick={run}>
      {icon}
    </RowButton>
  ) : (
    <Button variant="light" color={next ? 'teal' : 'yellow'} leftSection={icon} loading={verify.isPending} onClick={run}>
      {next ? 'Verify' : 'Unverify'}
    </Button>
  );
};

/** Whether a platform admin has verified the company. */
export const VerifiedBadge = ({ verified }: { verified: boolean }) =>
  verified ? (
    <Badge variant="light" color="teal" radius="sm">
      Verified
    </Badge>
  ) : (
    <Badge variant="light" color="gray" radius="sm">
      Not verified
    </Badge>
  );
