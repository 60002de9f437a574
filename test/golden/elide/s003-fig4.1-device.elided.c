void foo()
{
  int arry_host[N];
  initialize(arry_host, N);
  // declare an array on the device
  int arry_device[N];
  // copy 24 bytes of host array
  // from host to device
  bar(arry_device, N);
  work();
}
