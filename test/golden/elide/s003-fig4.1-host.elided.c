void foo()
{
  int arry_host[N];
  initialize(arry_host, N);
  bar(arry_host, N);
  work();
}
