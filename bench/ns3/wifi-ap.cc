// The bench-wifi scene, with the AP's queues as ns-3 has them, in ns-3
// (3.37, Debian's libns3-dev), for the side-by-side benchmark
// (bench/vs-ns3.ts). An 802.11n HT20 AP on 5 GHz forwards a CUBIC bulk flow
// and a ping every 200 ms from a wired host to each of three stations:
//
//   host --(1 Gbit/s, 0.1 ms)--> AP ~~~ MCS 7, MCS 7, MCS 0 (long GI, 1 stream)
//
// TSQ Lab runs the same scene as bench-wifi with wifi.queueing=legacy and no
// airtime fairness (fq_codel on the AP's interface above a 123-frame driver
// queue); what still differs is listed in bench/ns3/README.md.
// Prints one line of key=value pairs, then one per station.
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-apps-module.h"
#include "ns3/internet-module.h"
#include "ns3/mobility-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"
#include "ns3/wifi-module.h"

#include "stats.h"

#include <map>

using namespace ns3;

/**
 * Each receiver's data rate pinned, as the scene pins it (no rate control):
 * the AP sends to every station at that station's MCS, a station answers at
 * its own. Control responses go at the basic rate ns-3 picks.
 */
class PinnedRates : public WifiRemoteStationManager
{
  public:
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::PinnedRates")
                                .SetParent<WifiRemoteStationManager>()
                                .AddConstructor<PinnedRates>()
                                .AddAttribute("DataMode",
                                              "Mode for receivers without a pinned one",
                                              StringValue("HtMcs7"),
                                              MakeWifiModeAccessor(&PinnedRates::m_default),
                                              MakeWifiModeChecker());
        return tid;
    }

    void Pin(Mac48Address to, WifiMode mode) { m_pinned[to] = mode; }

  private:
    WifiRemoteStation* DoCreateStation() const override { return new WifiRemoteStation(); }

    WifiTxVector DoGetDataTxVector(WifiRemoteStation* st, uint16_t allowedWidth) override
    {
        auto it = m_pinned.find(st->m_state->m_address);
        WifiMode mode = it == m_pinned.end() ? m_default : it->second;
        uint16_t width = std::min(GetChannelWidth(st), allowedWidth);
        return WifiTxVector(mode,
                            GetDefaultTxPowerLevel(),
                            GetPreambleForTransmission(mode.GetModulationClass(), GetShortPreambleEnabled()),
                            800, // long guard interval
                            1,
                            1,
                            0,
                            GetChannelWidthForTransmission(mode, width),
                            GetAggregation(st));
    }

    WifiTxVector DoGetRtsTxVector(WifiRemoteStation*) override
    {
        WifiMode mode("OfdmRate6Mbps");
        return WifiTxVector(mode,
                            GetDefaultTxPowerLevel(),
                            GetPreambleForTransmission(mode.GetModulationClass(), false),
                            800,
                            1,
                            1,
                            0,
                            20,
                            false);
    }

    void DoReportRxOk(WifiRemoteStation*, double, WifiMode) override {}
    void DoReportRtsFailed(WifiRemoteStation*) override {}
    void DoReportDataFailed(WifiRemoteStation*) override {}
    void DoReportRtsOk(WifiRemoteStation*, double, WifiMode, double) override {}
    void DoReportDataOk(WifiRemoteStation*, double, WifiMode, double, uint16_t, uint8_t) override {}
    void DoReportFinalRtsFailed(WifiRemoteStation*) override {}
    void DoReportFinalDataFailed(WifiRemoteStation*) override {}

    WifiMode m_default;
    std::map<Mac48Address, WifiMode> m_pinned;
};

NS_OBJECT_ENSURE_REGISTERED(PinnedRates);

namespace
{
const size_t N_STA = 3;
const char* MODES[N_STA] = {"HtMcs7", "HtMcs7", "HtMcs0"};
bool g_measuring = false;
std::vector<Samples> g_pingMs(N_STA), g_tcpRttMs(N_STA), g_ampdu(N_STA);
std::vector<uint64_t> g_rxAtWarmup(N_STA);
std::map<Mac48Address, size_t> g_staIndex;

void OnPing(size_t i, Time rtt)
{
    if (g_measuring)
        g_pingMs[i].Add(rtt.GetSeconds() * 1e3);
}

void OnRtt(size_t i, Time, Time rtt)
{
    if (g_measuring)
        g_tcpRttMs[i].Add(rtt.GetSeconds() * 1e3);
}

// Frames per data PPDU the AP sends to each station (A-MPDU length).
void OnApPsdu(WifiConstPsduMap psdus, WifiTxVector, double)
{
    if (!g_measuring)
        return;
    for (auto& kv : psdus)
    {
        Ptr<const WifiPsdu> p = kv.second;
        auto it = g_staIndex.find(p->GetAddr1());
        if (p->GetHeader(0).IsQosData() && it != g_staIndex.end())
            g_ampdu[it->second].Add(p->GetNMpdus());
    }
}

void HookRtts()
{
    for (size_t i = 0; i < N_STA; i++)
        Config::ConnectWithoutContext("/NodeList/0/$ns3::TcpL4Protocol/SocketList/" + std::to_string(i) + "/RTT",
                                      MakeBoundCallback(&OnRtt, i));
}

void StartMeasuring(std::vector<Ptr<PacketSink>> sinks)
{
    g_measuring = true;
    for (size_t i = 0; i < N_STA; i++)
        g_rxAtWarmup[i] = sinks[i]->GetTotalRx();
}
} // namespace

int main(int argc, char* argv[])
{
    Clocks clocks;
    double simTime = 20;
    double warmup = 3;
    double appStart = 1; // after the stations have associated
    double pingInterval = 0.2;
    CommandLine cmd(__FILE__);
    cmd.AddValue("simTime", "simulated seconds", simTime);
    cmd.AddValue("warmup", "seconds before the measurement starts", warmup);
    cmd.Parse(argc, argv);

    ConfigureTcp();
    // The driver queue below the AP's qdisc: ath9k's txq_max_pending (ATH_MAX_QDEPTH, 123 frames).
    Config::SetDefault("ns3::WifiMacQueue::MaxSize", StringValue("123p"));

    NodeContainer host, ap, stas;
    host.Create(1);
    ap.Create(1);
    stas.Create(N_STA);

    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("0.1ms"));
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("256p"));
    NetDeviceContainer wired = p2p.Install(host.Get(0), ap.Get(0));

    YansWifiChannelHelper chan = YansWifiChannelHelper::Default();
    YansWifiPhyHelper phy;
    phy.SetChannel(chan.Create());
    phy.Set("ChannelSettings", StringValue("{36, 20, BAND_5GHZ, 0}"));
    WifiHelper wifi;
    wifi.SetStandard(WIFI_STANDARD_80211n);
    WifiMacHelper mac;
    Ssid ssid("bench");
    NetDeviceContainer staDevs;
    for (size_t i = 0; i < N_STA; i++)
    {
        wifi.SetRemoteStationManager("ns3::PinnedRates", "DataMode", StringValue(MODES[i]));
        mac.SetType("ns3::StaWifiMac", "Ssid", SsidValue(ssid), "BE_MaxAmpduSize", UintegerValue(65535));
        staDevs.Add(wifi.Install(phy, mac, stas.Get(i)));
    }
    wifi.SetRemoteStationManager("ns3::PinnedRates", "DataMode", StringValue("HtMcs7"));
    mac.SetType("ns3::ApWifiMac", "Ssid", SsidValue(ssid), "BE_MaxAmpduSize", UintegerValue(65535));
    NetDeviceContainer apDev = wifi.Install(phy, mac, ap.Get(0));
    Ptr<WifiNetDevice> apWifi = DynamicCast<WifiNetDevice>(apDev.Get(0));
    Ptr<PinnedRates> apRates = DynamicCast<PinnedRates>(apWifi->GetRemoteStationManager());
    for (size_t i = 0; i < N_STA; i++)
    {
        Mac48Address a = Mac48Address::ConvertFrom(staDevs.Get(i)->GetAddress());
        apRates->Pin(a, WifiMode(MODES[i]));
        g_staIndex[a] = i;
    }
    apWifi->GetPhy()->TraceConnectWithoutContext("PhyTxPsduBegin", MakeCallback(&OnApPsdu));

    // Everyone 5 m from the AP: a clean channel at every MCS.
    MobilityHelper mob;
    Ptr<ListPositionAllocator> pos = CreateObject<ListPositionAllocator>();
    pos->Add(Vector(0, 0, 0));
    pos->Add(Vector(5, 0, 0));
    pos->Add(Vector(0, 5, 0));
    pos->Add(Vector(-5, 0, 0));
    mob.SetPositionAllocator(pos);
    mob.SetMobilityModel("ns3::ConstantPositionMobilityModel");
    mob.Install(ap);
    mob.Install(stas);

    InternetStackHelper stack;
    stack.Install(host);
    stack.Install(ap);
    stack.Install(stas);
    TrafficControlHelper hostTc; // the host: pfifo_fast, txqueuelen 1000, BQL
    hostTc.SetRootQueueDisc("ns3::PfifoFastQueueDisc", "MaxSize", StringValue("1000p"));
    hostTc.SetQueueLimits("ns3::DynamicQueueLimits");
    hostTc.Install(wired.Get(0));
    // The AP's WiFi interface keeps ns-3's default: mq with one fq_codel per AC (all traffic is BE).
    Ipv4AddressHelper addr;
    addr.SetBase("10.1.0.0", "255.255.255.0");
    addr.Assign(wired);
    addr.SetBase("10.2.0.0", "255.255.255.0");
    addr.Assign(apDev);
    Ipv4InterfaceContainer staIf = addr.Assign(staDevs);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    std::vector<Ptr<PacketSink>> sinks;
    for (size_t i = 0; i < N_STA; i++)
    {
        uint16_t port = 5000 + i;
        PacketSinkHelper sh("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
        sinks.push_back(DynamicCast<PacketSink>(sh.Install(stas.Get(i)).Get(0)));
        BulkSendHelper bh("ns3::TcpSocketFactory", InetSocketAddress(staIf.GetAddress(i), port));
        bh.SetAttribute("MaxBytes", UintegerValue(0));
        bh.SetAttribute("SendSize", UintegerValue(1448));
        bh.Install(host.Get(0)).Start(Seconds(appStart));
        V4PingHelper ph(staIf.GetAddress(i));
        ph.SetAttribute("Interval", TimeValue(Seconds(pingInterval)));
        ApplicationContainer pa = ph.Install(host.Get(0));
        pa.Start(Seconds(appStart + pingInterval));
        pa.Get(0)->TraceConnectWithoutContext("Rtt", MakeBoundCallback(&OnPing, i));
    }
    Simulator::Schedule(Seconds(appStart) + MicroSeconds(1), &HookRtts);
    Simulator::Schedule(Seconds(warmup), &StartMeasuring, sinks);
    Simulator::Stop(Seconds(simTime));
    clocks.StartRun();
    Simulator::Run();
    clocks.EndRun();

    uint64_t events = Simulator::GetEventCount();
    double total = 0;
    std::string per;
    for (size_t i = 0; i < N_STA; i++)
    {
        double g = (sinks[i]->GetTotalRx() - g_rxAtWarmup[i]) * 8.0 / (simTime - warmup) / 1e6;
        total += g;
        char b[256];
        snprintf(b, sizeof b, "sta=%zu mode=%s goodput_mbps=%.3f ping_ms_p50=%.3f ping_ms_min=%.3f tcp_rtt_ms_p50=%.3f ampdu_p50=%g\n",
                 i, MODES[i], g, g_pingMs[i].Quantile(0.5), g_pingMs[i].Quantile(0), g_tcpRttMs[i].Quantile(0.5),
                 g_ampdu[i].Quantile(0.5));
        per += b;
    }
    Simulator::Destroy();
    printf("scene=wifi sim_s=%g events=%llu goodput_mbps=%.3f %s\n%s", simTime, (unsigned long long)events, total,
           clocks.Text().c_str(), per.c_str());
    return 0;
}
