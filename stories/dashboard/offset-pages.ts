/** getNextPageParam for offset pages (`page_num` from 1): the next page, until one comes back short. */
export function nextPageNum<TPage>(pageSize: number, itemsOf: (page: TPage) => readonly unknown[]) {
  return (last: TPage, _all: TPage[], lastPageNum: number): number | undefined => (itemsOf(last).length < pageSize ? undefined : lastPageNum + 1);
}
