#include "skills/SkillsPage.h"

#include "audit/Actor.h"
#include "model/SkillState.h"
#include "shared/ColumnFit.h"
#include "shared/ErrorDialog.h"
#include "shared/FilterChoices.h"
#include "shared/SingleRowTable.h"
#include "skills/CuratorPanel.h"
#include "skills/SkillCount.h"
#include "skills/SkillFolders.h"
#include "skills/SkillService.h"
#include "skills/SkillTableModel.h"
#include "store/SkillRepository.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QAction>
#include <QComboBox>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace sediment::ui {

namespace {

QComboBox* choices(QWidget* parent, const QString& all, const QStringList& values)
{
    auto* box = new QComboBox(parent);
    setFilterChoices(box, all, values);
    return box;
}

} // namespace

SkillsPage::SkillsPage(Workspace& workspace, const Clock& clock, QWidget* parent)
    : WorkspacePage(workspace, clock, parent)
    , m_outlook(workspace, clock)
    , m_open([](const QUrl& file) { return QDesktopServices::openUrl(file); })
{
    syncHermes(true);
    m_model = tableModel<SkillTableModel>();
    QHBoxLayout* filters = buildFilters();
    buildTable();
    QHBoxLayout* actions = buildDetailAndActions();
    buildCurator();
    layOut(filters, actions);
    loadRules();
    if (m_outlook.isHermesHome())
        watchUsage();
    // The model has just read the names: no reload, which would read them again.
    showCurrent();
    m_count->setText(skillCount(m_model->rowCount()));
}

// The state and creator choices and the name filter, above the table.
QHBoxLayout* SkillsPage::buildFilters()
{
    m_state = choices(this, tr("All states"), wordTexts<SkillState>());
    m_creator =
        choices(this, tr("All creators"),
                {QStringLiteral("agent"), QStringLiteral("user"), QStringLiteral("bundled"), QStringLiteral("hub")});
    m_name = new QLineEdit(this);
    m_name->setPlaceholderText(tr("Filter by name"));
    m_name->setClearButtonEnabled(true);
    m_count = new QLabel(this);
    m_rules = new QLabel(this);
    m_rules->setWordWrap(true);
    auto* filters = new QHBoxLayout;
    filters->addWidget(m_state);
    filters->addWidget(m_creator);
    filters->addWidget(m_name, 1);
    filters->addWidget(m_count);
    connect(m_state, &QComboBox::currentIndexChanged, this, &SkillsPage::applyFilters);
    connect(m_creator, &QComboBox::currentIndexChanged, this, &SkillsPage::applyFilters);
    connect(m_name, &QLineEdit::textChanged, this, &SkillsPage::applyFilters);
    return filters;
}

void SkillsPage::buildTable()
{
    m_table = new QTableView(this);
    setUpSingleRowTable(m_table, m_model);
    m_table->sortByColumn(SkillTableModel::NameColumn, Qt::AscendingOrder);
    // Fixed row heights: the view never measures rows it does not show.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // Short columns are as wide as their longest value or title, measured once from sample texts
    // (measuring the rows themselves would read every skill); the name takes the rest.
    QHeaderView* header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(SkillTableModel::NameColumn, QHeaderView::Stretch);
    const auto fit = [this](int column, const QString& sample) { fitColumn(m_table, column, sample); };
    fit(SkillTableModel::StateColumn, toString(SkillState::Archived));
    fit(SkillTableModel::CreatedByColumn, QStringLiteral("bundled"));
    fit(SkillTableModel::PinnedColumn, QStringLiteral("MM pinned"));
    fit(SkillTableModel::LastActivityColumn, QStringLiteral("2026-12-31 23:59"));
    fit(SkillTableModel::UsesColumn, QStringLiteral("99999"));
    fit(SkillTableModel::ViewsColumn, QStringLiteral("99999"));
    fit(SkillTableModel::PatchesColumn, QStringLiteral("99999"));
    fit(SkillTableModel::CreatedColumn, QStringLiteral("2026-12-31 23:59"));
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &SkillsPage::showCurrent);
    connect(m_table, &QTableView::doubleClicked, this, &SkillsPage::openSkillFile);
}

// The selected skill's detail and the row of buttons under the table (P pins from the table).
QHBoxLayout* SkillsPage::buildDetailAndActions()
{
    m_detail = new QLabel(this);
    m_detail->setWordWrap(true);
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_pinButton = new QPushButton(tr("&Pin"), this);
    m_restoreButton = new QPushButton(tr("&Restore"), this);
    m_openButton = new QPushButton(tr("&Open SKILL.md"), this);
    auto* previewButton = new QPushButton(tr("Pre&view curator"), this);
    auto* runButton = new QPushButton(tr("Run &curator…"), this);
    m_pinButton->setToolTip(tr("Pin or unpin the selected skill (P): a pinned skill "
                               "is never transitioned by the curator"));
    previewButton->setToolTip(tr("What the next curator pass would do, without doing it"));
    connect(m_pinButton, &QPushButton::clicked, this, &SkillsPage::togglePin);
    connect(m_restoreButton, &QPushButton::clicked, this, &SkillsPage::restoreSelected);
    connect(m_openButton, &QPushButton::clicked, this, &SkillsPage::openSkillFile);
    connect(previewButton, &QPushButton::clicked, this, &SkillsPage::previewCurator);
    connect(runButton, &QPushButton::clicked, this, &SkillsPage::runCurator);
    auto* actions = new QHBoxLayout;
    actions->addWidget(m_pinButton);
    actions->addWidget(m_restoreButton);
    actions->addWidget(m_openButton);
    actions->addStretch(1);
    actions->addWidget(previewButton);
    actions->addWidget(runButton);

    m_pinAction = new QAction(tr("Pin or unpin"), this);
    m_pinAction->setShortcut(QKeySequence(Qt::Key_P));
    m_pinAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(m_pinAction, &QAction::triggered, this, &SkillsPage::togglePin);
    m_table->addAction(m_pinAction);
    return actions;
}

// What the next curator pass would do; after a real pass the skills are read again.
void SkillsPage::buildCurator()
{
    m_curator = new CuratorPanel(m_workspace, m_clock, this);
    connect(m_curator, &CuratorPanel::ran, this, &SkillsPage::reload);
    connect(m_curator, &CuratorPanel::statusMessage, this, &Page::statusMessage);
}

// The skills above (filters, rules, table, detail, buttons), the curator preview below.
void SkillsPage::layOut(QHBoxLayout* filters, QHBoxLayout* actions)
{
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addLayout(filters);
    topLayout->addWidget(m_rules);
    topLayout->addWidget(m_table, 1);
    topLayout->addWidget(m_detail);
    topLayout->addLayout(actions);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(top);
    split->addWidget(m_curator);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
}

void SkillsPage::setConfirmHandler(std::function<bool(const QString&)> confirm)
{
    m_curator->setConfirmHandler(std::move(confirm));
}

void SkillsPage::setOpenHandler(std::function<bool(const QUrl&)> open) { m_open = std::move(open); }

QString SkillsPage::badge() const
{
    auto counts = SkillRepository(m_workspace.db()).countsByState();
    if (!counts)
        return {};
    auto n = [&](SkillState state) {
        const auto it = counts->find(toString(state));
        return it == counts->end() ? qint64(0) : it->second;
    };
    QString text = tr("%1 active").arg(n(SkillState::Active));
    if (n(SkillState::Stale))
        text += tr(" · %1 stale").arg(n(SkillState::Stale));
    if (n(SkillState::Archived))
        text += tr(" · %1 archived").arg(n(SkillState::Archived));
    return text;
}

QTreeWidget* SkillsPage::curatorPreview() const { return m_curator->plan(); }

QLabel* SkillsPage::previewSummary() const { return m_curator->summary(); }

QString SkillsPage::actor() const { return Actor::human(m_workspace); }

QString SkillsPage::currentName() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.data(SkillTableModel::NameRole).toString() : QString();
}

bool SkillsPage::selectSkill(const QString& name)
{
    const int row = m_model->rowOf(name);
    if (row < 0)
        return false;
    m_table->setCurrentIndex(m_model->index(row, SkillTableModel::NameColumn));
    m_table->scrollTo(m_table->currentIndex());
    return true;
}

void SkillsPage::loadRules()
{
    m_rules->setText(m_outlook.reload());
    if (m_outlook.isHermesHome())
        m_model->setProtection([this](const Skill& skill) { return m_outlook.protectionOf(skill); });
}

void SkillsPage::syncHermes(bool announceLater)
{
    auto synced = SkillService(m_workspace, m_clock).syncHermes(actor(), &m_usageSeen);
    QString message;
    if (!synced)
        message = tr("Skills not read: %1").arg(synced.error().message);
    else if (*synced)
        message = tr("Read %1 new and %2 changed skill records from %3")
                      .arg((*synced)->imported)
                      .arg((*synced)->updated)
                      .arg(QDir::toNativeSeparators((*synced)->file));
    if (synced && *synced && !(*synced)->warnings.isEmpty())
        message += tr(" (damaged values ignored as Hermes ignores them: %1)").arg((*synced)->warnings.join(u"; "));
    if (message.isEmpty())
        return;
    // While the page is being built nothing listens yet: the window hears it once it does.
    const bool changed = synced && *synced;
    const auto announce = [this, message, changed] {
        Q_EMIT statusMessage(message);
        if (changed)
            Q_EMIT workspaceChanged();
    };
    if (announceLater)
        QMetaObject::invokeMethod(this, announce, Qt::QueuedConnection);
    else
        announce();
}

void SkillsPage::watchUsage()
{
    auto* timer = new QTimer(this);
    timer->setInterval(2000);
    connect(timer, &QTimer::timeout, this, [this] {
        const QByteArray before = m_usageSeen;
        syncHermes(false);
        if (m_usageSeen != before)
            reload(); // the sync has told the window; this page refreshes itself
    });
    timer->start();
}

void SkillsPage::reload()
{
    const QString keep = currentName();
    syncHermes(false);
    loadRules();
    m_model->refresh();
    if (keep.isEmpty() || !selectSkill(keep))
        showCurrent();
    m_count->setText(skillCount(m_model->rowCount()));
    Q_EMIT badgeChanged();
}

void SkillsPage::applyFilters()
{
    const QString keep = currentName();
    m_model->setStateFilter(m_state->currentData().toString());
    m_model->setCreatorFilter(m_creator->currentData().toString());
    m_model->setNameFilter(m_name->text());
    if (keep.isEmpty() || !selectSkill(keep))
        showCurrent();
    m_count->setText(skillCount(m_model->rowCount()));
}

void SkillsPage::showCurrent()
{
    const Skill* s = m_model->skillAt(m_table->currentIndex().row());
    m_pinButton->setEnabled(s != nullptr);
    m_restoreButton->setEnabled(s && isWord(s->state, SkillState::Archived));
    m_openButton->setEnabled(s != nullptr);
    if (!s) {
        m_pinButton->setText(tr("&Pin"));
        m_detail->setText(tr("Select a skill to pin it, restore it or open its SKILL.md."));
        return;
    }
    m_pinButton->setText(s->pinned ? tr("Un&pin") : tr("&Pin"));
    m_detail->setText(
        tr("%1 — %2, created by %3 on %4. Next curator pass: %5.")
            .arg(s->name, s->state, s->createdBy, time::toIso(s->createdAt).left(10), m_outlook.nextPass(*s)));
}

void SkillsPage::togglePin()
{
    const Skill* s = m_model->skillAt(m_table->currentIndex().row());
    if (!s || s->state.isEmpty())
        return;
    const QString name = s->name;
    auto done = SkillService(m_workspace, m_clock).setPinned(name, !s->pinned, actor());
    if (!done) {
        ErrorDialog::show(this, tr("Could not change the pin of %1.").arg(name), done.error());
        return;
    }
    reload();
    Q_EMIT statusMessage(done->writeBackError
                             ? done->message + tr(" (.usage.json not updated: %1)").arg(*done->writeBackError)
                             : done->message);
    Q_EMIT workspaceChanged();
}

void SkillsPage::restoreSelected()
{
    const Skill* s = m_model->skillAt(m_table->currentIndex().row());
    if (!s || !isWord(s->state, SkillState::Archived))
        return;
    const QString name = s->name;
    auto done = SkillService(m_workspace, m_clock).restore(name, actor());
    if (!done) {
        ErrorDialog::show(this, tr("Could not restore %1.").arg(name), done.error());
        return;
    }
    reload();
    Q_EMIT statusMessage(done->message);
    Q_EMIT workspaceChanged();
}

bool SkillsPage::openSkillFile()
{
    const Skill* s = m_model->skillAt(m_table->currentIndex().row());
    if (!s)
        return false;
    const SkillFolders folders(m_workspace.path(QStringLiteral("skills")));
    QString file = folders.skillFile(s->name);
    if (isWord(s->state, SkillState::Archived)) {
        if (const auto where = folders.findArchived(s->name, s->archivePath))
            file = folders.dir() + QLatin1Char('/') + *where + QStringLiteral("/SKILL.md");
    }
    if (!QFileInfo::exists(file)) {
        Q_EMIT statusMessage(tr("%1 does not exist").arg(file));
        return false;
    }
    return m_open(QUrl::fromLocalFile(file));
}

void SkillsPage::previewCurator() { m_curator->preview(); }

void SkillsPage::runCurator() { m_curator->run(); }

} // namespace sediment::ui
