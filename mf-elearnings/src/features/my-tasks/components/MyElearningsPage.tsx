import { MemberTasksPage } from '@dash/shared-ui';
import { useMyElearnings } from '../api/getMyElearnings';

export default function MyElearningsPage() {
  return <MemberTasksPage useTasks={useMyElearnings} namespace="elearnings" />;
}
