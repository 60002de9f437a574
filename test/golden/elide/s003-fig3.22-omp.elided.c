void fragment(void)
{
int a[6] = {2,3,4,5,6,7}, b[6], m=0;
{
    for(int i=0; i<6; i++)
    {
        m = a[i];
        b[i] = m * m;
    }
}
}
