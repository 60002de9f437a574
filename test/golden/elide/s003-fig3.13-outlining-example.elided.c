void outlining_example(void)
{
  int m,j;
  int &ref=m;
  int arry[10];

  {
    arry;
    ref++;
    int local_j = j;
    m;
  }
}
